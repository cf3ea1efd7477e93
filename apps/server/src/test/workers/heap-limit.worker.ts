// A worker for lib/background-pool.test.ts: answers its thread's V8 heap limit, in MB.
import { getHeapStatistics } from 'node:v8';

export default function heapLimitMb(): number {
  return Math.round(getHeapStatistics().heap_size_limit / 1024 / 1024);
}
