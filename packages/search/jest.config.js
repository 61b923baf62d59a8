import { preset } from '../../jest.preset.js';

export default {
  ...preset,
  displayName: '@podcast/search',
  rootDir: import.meta.dirname,
};
