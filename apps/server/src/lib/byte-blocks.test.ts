import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ByteBlocks } from './byte-blocks.js';

describe('ByteBlocks', () => {
  it('answers every byte added, in order, across block boundaries', () => {
    const chunks = Array.from({ length: 200 }, (_, index) => randomBytes(index % 37));
    chunks.push(randomBytes(100), Buffer.alloc(0), randomBytes(1));
    const blocks = new ByteBlocks(64);
    for (const chunk of chunks) blocks.add(chunk);
    expect(blocks.bytes().equals(Buffer.concat(chunks))).toBe(true);
  });

  it('answers nothing when nothing was added', () => {
    expect(new ByteBlocks(16).bytes().length).toBe(0);
  });

  it('keeps copies, so a chunk reused by its stream after adding changes nothing', () => {
    const chunk = Buffer.from('first');
    const blocks = new ByteBlocks(4);
    blocks.add(chunk);
    chunk.write('xxxxx');
    expect(blocks.bytes().toString()).toBe('first');
  });
});
