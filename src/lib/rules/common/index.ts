export * from './result';
export * from './seats';
export * from './game';
export * from './replay';
export * from './random';
export * from './places';
