// `node --import ./test/fresh/hideEditorModules.mjs`: playwright-core and code-server cannot be
// resolved, as on a machine where scripts/setup-e2e.sh never ran (they live only in
// e2e/node_modules). freshMachine.test.ts runs the e2e files under it, so a static import of
// either, anywhere on their import path, fails that run even where the editors are installed.
import Module, { register } from 'node:module';

const HIDDEN = /^(playwright-core|code-server)(\/|$)/;

function hiddenError(specifier) {
  const error = new Error(`Cannot find package '${specifier}' (hidden by test/fresh/hideEditorModules.mjs)`);
  error.code = 'ERR_MODULE_NOT_FOUND';
  return error;
}

// ES modules (the e2e package is "type": "module"): a resolve hook, run before tsx's.
const hook = `const HIDDEN = ${HIDDEN};
export async function resolve(specifier, context, next) {
  if (HIDDEN.test(specifier)) {
    const error = new Error("Cannot find package '" + specifier + "' (hidden by test/fresh/hideEditorModules.mjs)");
    error.code = 'ERR_MODULE_NOT_FOUND';
    throw error;
  }
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);

// CommonJS require(), in case a harness file is ever compiled to CommonJS.
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (HIDDEN.test(request)) throw hiddenError(request);
  return resolveFilename.call(this, request, ...rest);
};
