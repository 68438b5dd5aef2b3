import type { Readable } from 'node:stream';

/** One stored file of an item, as its delivery to the lender announces it before sending its bytes. */
export interface DocumentFile {
  readonly fileId: string;
  /** decided by the file's content when it was stored (application/pdf, image/jpeg, image/png) */
  readonly contentType: string;
  readonly bytes: number;
  /** hex SHA-256 of the bytes `open` gives: the signed metadata vouches for them */
  readonly sha256: string;
  /** the person's upload, or the statement the broker made from shared bank data; an upload when not said */
  readonly origin?: 'upload' | 'bank';
}

/**
 * Where the delivery to a lender reads the files the person sent for an item: the encrypted store behind it is
 * another module's, and a test gives an in-memory one. `open` streams the plain bytes, so no file is held whole.
 */
export interface DocumentFileSource {
  /** the item's files in the order the person added them; none when the item has no stored file */
  list(itemId: string): Promise<readonly DocumentFile[]>;
  open(fileId: string): Promise<Readable>;
}
