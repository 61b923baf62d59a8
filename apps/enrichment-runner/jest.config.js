import { preset } from '../../jest.preset.js';

export default {
  ...preset,
  displayName: '@podcast/enrichment-runner',
  rootDir: import.meta.dirname,
};
