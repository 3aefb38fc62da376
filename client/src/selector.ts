import { LANGUAGE_IDS } from '../../server/src/core';

/**
 * Documents the server sees: every language of the core's languages table (JSON, JSONC, JSON
 * Lines, YAML, and the source languages whose tool declarations it reads; a source file that
 * imports no known library costs a string search), in any scheme (untitled, virtual).
 */
export const DOCUMENT_SELECTOR = LANGUAGE_IDS.map((language) => ({ language }));
