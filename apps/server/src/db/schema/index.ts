export * from './batches.js';
export * from './institutions.js';
export * from './people.js';
export * from './users.js';
