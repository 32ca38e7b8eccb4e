// Go's inline embedding, as the declaration language states it.
export { embed, embeddingOf, type Embedding } from '@kapi/apimachinery';
