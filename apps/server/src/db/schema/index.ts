export * from './assessments.js';
export * from './batches.js';
export * from './content.js';
export * from './institutions.js';
export * from './learning.js';
export * from './notifications.js';
export * from './people.js';
export * from './users.js';
