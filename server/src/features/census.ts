import type { AnalysisIndex } from '../analysisIndex';
import type { CensusReport } from '../protocol';
import { censusHtml } from './censusHtml';
import { censusMarkdown } from './censusMarkdown';
import { censusPage, CENSUS_PAGE_SIZE } from './censusModel';
import { visible } from './markdown';

const MAX_PAGE_SIZE = 1000;

/**
 * The file's census as a table a person would rather read than a list of squiggles: per request,
 * every tool, its wire name, its fate, each targeted provider's verdict, and what it collides with;
 * then one table per MCP client. Rendered twice from one page of rows: Markdown (any editor) and a
 * self-contained HTML page (VS Code webview; no scripts, styled with the theme's colours). Paged,
 * so a 10k-tool file answers one page of rows at a time.
 */
export function censusReport(
  fileName: string,
  index: AnalysisIndex,
  fallbackServer = 'server',
  page?: unknown,
  pageSize?: unknown,
): CensusReport {
  // Request parameters: anything but a finite number means the default.
  const size =
    typeof pageSize === 'number' && Number.isFinite(pageSize)
      ? Math.min(Math.max(1, Math.floor(pageSize)), MAX_PAGE_SIZE)
      : CENSUS_PAGE_SIZE;
  const model = censusPage(
    fileName,
    index,
    fallbackServer,
    typeof page === 'number' && Number.isFinite(page) ? page : 0,
    size,
  );
  return {
    title: `toolwire census: ${visible(fileName)}`,
    markdown: censusMarkdown(model),
    html: censusHtml(model),
    page: model.page,
    pages: model.pages,
  };
}
