import { placeholderServer } from '../core';
import { censusReport } from '../features/census';
import { hoverAt } from '../features/hover';
import { inlayHintsIn } from '../features/inlayHints';
import { prepareRename, rename } from '../features/rename';
import { statusOf } from '../features/status';
import { documentSymbols } from '../features/symbols';
import {
  CENSUS_REQUEST,
  STATUS_REQUEST,
  type CensusParams,
  type CensusReport,
  type DocumentParams,
  type DocumentStatus,
} from '../protocol';
import { safe } from '../safe';
import { registerCodeActions } from './codeActions';
import { analysisOf, versionedEdits, type ServerContext } from './context';

/**
 * The request handlers. Each is stateless over the request and the cached analysis of the
 * document version it names; a failing one answers empty (`safe`).
 */
export function registerRequestHandlers(context: ServerContext): void {
  registerHover(context);
  registerInlayHints(context);
  registerCodeActions(context);
  registerRename(context);
  registerSymbols(context);
  registerStatus(context);
  registerCensus(context);
}

function registerHover(context: ServerContext): void {
  context.connection.onHover(
    safe(context.logger, 'hover', null, async (params) => {
      const found = await analysisOf(context, params.textDocument.uri);
      return found
        ? hoverAt(found.document, found.state.index, found.document.offsetAt(params.position), placeholderServer())
        : null;
    }),
  );
}

function registerInlayHints(context: ServerContext): void {
  context.connection.languages.inlayHint.on(
    safe(context.logger, 'inlay hints', [], async (params) => {
      const found = await analysisOf(context, params.textDocument.uri);
      if (!found?.state.settings.inlayHints) return [];
      return inlayHintsIn(found.document, found.state.index, params.range);
    }),
  );
}

function registerRename(context: ServerContext): void {
  const { connection, logger } = context;
  connection.onPrepareRename(
    safe(logger, 'prepare rename', null, async (params) => {
      const found = await analysisOf(context, params.textDocument.uri);
      return found
        ? prepareRename(found.document, found.state.analysis, found.document.offsetAt(params.position))
        : null;
    }),
  );
  connection.onRenameRequest(
    safe(logger, 'rename', null, async (params) => {
      const found = await analysisOf(context, params.textDocument.uri);
      return found
        ? rename(
            found.document,
            found.state.options,
            found.document.offsetAt(params.position),
            params.newName,
            versionedEdits(context),
          )
        : null;
    }),
  );
}

function registerSymbols(context: ServerContext): void {
  context.connection.onDocumentSymbol(
    safe(context.logger, 'document symbols', [], async (params) => {
      const found = await analysisOf(context, params.textDocument.uri);
      return found ? documentSymbols(found.document, found.state.analysis) : [];
    }),
  );
}

const NOT_ANALYSED: DocumentStatus = {
  state: 'not-a-tool-file',
  format: null,
  tools: 0,
  offered: 0,
  errors: 0,
  warnings: 0,
};

function registerStatus(context: ServerContext): void {
  const { connection, logger, documents, analyzer } = context;
  connection.onRequest(
    STATUS_REQUEST,
    safe(logger, 'status', NOT_ANALYSED, async (params: DocumentParams) => {
      const document = documents.get(params.uri);
      return document ? statusOf(await analyzer.stateFor(document)) : NOT_ANALYSED;
    }),
  );
}

function registerCensus(context: ServerContext): void {
  context.connection.onRequest(
    CENSUS_REQUEST,
    safe<CensusParams, CensusReport | null>(context.logger, 'census', null, async (params) => {
      const found = await analysisOf(context, params.uri);
      if (!found) return null;
      const fileName = decodeURIComponent(params.uri.slice(params.uri.lastIndexOf('/') + 1));
      return censusReport(fileName, found.state.index, placeholderServer(), params.page, params.pageSize);
    }),
  );
}
