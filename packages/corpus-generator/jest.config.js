import { preset } from '../../jest.preset.js';

export default {
  ...preset,
  displayName: '@podcast/corpus-generator',
  rootDir: import.meta.dirname,
};
