// A node:test reporter that ends the run with one plain line CI can read:
// "N passed, N failed, N skipped" (suites are not counted, only tests).
export default async function* summaryReporter(source) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    if (event.data.details?.type === 'suite') continue;
    if (event.data.skip || event.data.todo) skipped += 1;
    else if (event.type === 'test:pass') passed += 1;
    else failed += 1;
  }
  yield `\n${passed} passed, ${failed} failed, ${skipped} skipped\n`;
}
