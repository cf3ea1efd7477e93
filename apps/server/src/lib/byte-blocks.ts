/**
 * Collects a stream's many small chunks by copying them into large blocks, so only the blocks stay
 * alive until the end. pdfkit emits each token of a document as a Buffer of its own (about 170,000
 * for a 5,000-student report); kept as they came, their objects held over 15 MB of the PDF
 * thread's heap until the document was done.
 */
export class ByteBlocks {
  private readonly blocks: Buffer[] = [];
  private block: Buffer;
  private used = 0;

  constructor(private readonly blockBytes = 1024 * 1024) {
    this.block = Buffer.allocUnsafe(blockBytes);
  }

  add(chunk: Uint8Array) {
    let offset = 0;
    while (offset < chunk.length) {
      if (this.used === this.block.length) this.nextBlock();
      const copied = Math.min(chunk.length - offset, this.block.length - this.used);
      this.block.set(chunk.subarray(offset, offset + copied), this.used);
      this.used += copied;
      offset += copied;
    }
  }

  /** Every byte added, in order, as one Buffer. */
  bytes(): Buffer {
    return Buffer.concat([...this.blocks, this.block.subarray(0, this.used)]);
  }

  private nextBlock() {
    this.blocks.push(this.block);
    this.block = Buffer.allocUnsafe(this.blockBytes);
    this.used = 0;
  }
}
