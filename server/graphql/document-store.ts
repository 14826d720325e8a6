// Apollo's store of parsed and validated documents, bounded by the heap they hold. Apollo's default
// counts a document's JSON size (about a quarter of its heap) against 30 MiB, so it could hold
// ~120 MiB, and it serialises every document to measure it.
import type { DocumentNode } from 'graphql';
import { LRUCache } from 'lru-cache';

// Heap held by a parsed document with locations, per source character (measured: ~76).
const BYTES_PER_SOURCE_CHAR = 80;

export function createDocumentStore(maxBytes: number) {
  const documents = new LRUCache<string, DocumentNode>({
    maxSize: maxBytes,
    sizeCalculation: (document) => (document.loc?.source.body.length ?? 1024) * BYTES_PER_SOURCE_CHAR + 256,
  });
  return {
    async get(key: string) {
      return documents.get(key);
    },
    async set(key: string, document: DocumentNode) {
      documents.set(key, document);
    },
    async delete(key: string) {
      return documents.delete(key);
    },
    /** Bytes counted against the budget. */
    get bytes() {
      return documents.calculatedSize;
    },
  };
}

export type DocumentStore = ReturnType<typeof createDocumentStore>;
