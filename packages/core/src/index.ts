export * from './api-types.js';
export * from './colors.js';
export * from './constants.js';
export * from './display.js';
export * from './format.js';
export * from './ids.js';
export * from './routing.js';
export * from './schemas.js';
