import type { WidgetKind } from '../../domain/widget-protocol/config.ts';

export const LANGS = ['lv', 'ru'] as const;
export type Lang = (typeof LANGS)[number];

/**
 * A body's bytes three ways: as the server sends it to `accept-encoding: gzip` (what the budgets are about), gzip -9
 * of its content (as tests/e2e/size-budget.spec.ts counts), and as Chromium received it, asking in its own way.
 */
interface Size {
  sentBytes: number;
  gzip9Bytes: number;
  browserBytes: number;
}

export interface FileSize extends Size {
  path: string;
  /** the content-encoding sent to `accept-encoding: gzip`; `identity` when the server did not compress */
  encoding: string;
  browserEncoding: string;
}

export interface SizeFigure extends Size {
  files: number;
  /** the encodings among the files, each way */
  encodings: string[];
  browserEncodings: string[];
}

export type ResourceKind = 'html' | 'js' | 'css' | 'fonts' | 'other';
const RESOURCE_KINDS: readonly ResourceKind[] = ['html', 'js', 'css', 'fonts', 'other'];

export interface RecordedFile extends FileSize {
  origin: string;
  kind: ResourceKind;
}

export function sum(files: readonly FileSize[]): SizeFigure {
  const total = (key: keyof Size) => files.reduce((bytes, file) => bytes + file[key], 0);
  const distinct = (values: string[]) => [...new Set(values)].sort();
  return {
    files: files.length,
    sentBytes: total('sentBytes'),
    gzip9Bytes: total('gzip9Bytes'),
    browserBytes: total('browserBytes'),
    encodings: distinct(files.map((file) => file.encoding)),
    browserEncodings: distinct(files.map((file) => file.browserEncoding)),
  };
}

type ByKind = Record<ResourceKind, SizeFigure>;

export const byKind = (files: readonly RecordedFile[]): ByKind =>
  Object.fromEntries(RESOURCE_KINDS.map((kind) => [kind, sum(files.filter((file) => file.kind === kind))])) as ByKind;

export const fileSize = ({
  path,
  encoding,
  sentBytes,
  gzip9Bytes,
  browserEncoding,
  browserBytes,
}: RecordedFile): FileSize => ({
  path,
  encoding,
  sentBytes,
  gzip9Bytes,
  browserEncoding,
  browserBytes,
});

export interface FrameSizes {
  widget: WidgetKind;
  lang: Lang;
  url: string;
  budgetBytes: number;
  met: boolean;
  byKind: ByKind;
  scripts: FileSize[];
}

export interface EmbeddedSizes {
  widget: WidgetKind;
  url: string;
  /** everything from the product's origin: loader, host script, the iframe page and what it loads */
  fromProduct: SizeFigure;
  byKind: ByKind;
}

export interface SizeResults {
  /** what Chromium offered the server */
  browserAcceptEncoding: string;
  loader: FileSize & { budgetBytes: number; met: boolean };
  hostScript: FileSize;
  frames: FrameSizes[];
  embedded: EmbeddedSizes[];
}

/** Both gzip figures within the budget: what the server sends, and what gzip -9 makes of it. */
export const within = (size: Size, budget: number) => size.sentBytes <= budget && size.gzip9Bytes <= budget;
