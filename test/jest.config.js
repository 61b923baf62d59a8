import { preset } from '../jest.preset.js';

export default {
  ...preset,
  displayName: 'repo',
  rootDir: import.meta.dirname,
  testMatch: ['<rootDir>/**/*.test.ts'],
};
