import { preset } from '../../jest.preset.js';

export default {
  ...preset,
  displayName: '@podcast/providers',
  rootDir: import.meta.dirname,
};
