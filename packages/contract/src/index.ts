export * from './messages';
export * from './common';
export * from './auth';
export * from './profile';
export * from './dashboard';
export * from './mail';
