export * from './ids';
export * from './rules';
export * from './fields';
export * from './area';
export * from './account';
export * from './vehicles';
