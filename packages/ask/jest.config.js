import { preset } from '../../jest.preset.js';

export default {
  ...preset,
  displayName: '@podcast/ask',
  rootDir: import.meta.dirname,
};
