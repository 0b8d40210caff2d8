/** Bytes that are not valid chunked transfer coding. */
export class ChunkedError extends Error {}

/**
 * Incremental decoder of `Transfer-Encoding: chunked` bodies (some encoders send PUT chunked):
 * bytes go in as they arrive, in any cuts; the data comes out. Chunk extensions and trailers are
 * skipped.
 */
export class ChunkedDecoder {
  private buf: Buffer = Buffer.alloc(0);
  /** Data bytes left in the current chunk; -1 while reading a size line; -2 after the last chunk. */
  private left = -1;
  private needCrlf = false;

  get done(): boolean {
    return this.left === -2;
  }

  push(chunk: Buffer): Buffer[] {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    const out: Buffer[] = [];
    for (;;) {
      if (this.left === -2) return out;
      if (this.needCrlf) {
        if (this.buf.length < 2) return out;
        if (this.buf[0] !== 0x0d || this.buf[1] !== 0x0a) throw new ChunkedError('Missing CRLF after chunk');
        this.buf = this.buf.subarray(2);
        this.needCrlf = false;
      }
      if (this.left === -1) {
        const eol = this.buf.indexOf('\r\n');
        if (eol < 0) {
          if (this.buf.length > 1024) throw new ChunkedError('Chunk size line too long');
          return out;
        }
        const sizeText = this.buf.toString('latin1', 0, eol).split(';')[0].trim();
        if (!/^[0-9a-fA-F]{1,8}$/.test(sizeText)) throw new ChunkedError('Bad chunk size');
        this.buf = this.buf.subarray(eol + 2);
        const size = Number.parseInt(sizeText, 16);
        if (size === 0) {
          this.left = -2; // trailers, if any, are ignored: the stream is over
          return out;
        }
        this.left = size;
      }
      if (this.buf.length === 0) return out;
      const take = Math.min(this.left, this.buf.length);
      out.push(this.buf.subarray(0, take));
      this.buf = this.buf.subarray(take);
      this.left -= take;
      if (this.left === 0) {
        this.left = -1;
        this.needCrlf = true;
      }
    }
  }
}
