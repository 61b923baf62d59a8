import { preset } from '../../jest.preset.js';

export default { ...preset, displayName: '@podcast/enrichment', rootDir: import.meta.dirname };
