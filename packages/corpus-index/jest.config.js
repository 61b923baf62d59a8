import { preset } from '../../jest.preset.js';

export default { ...preset, displayName: '@podcast/corpus-index', rootDir: import.meta.dirname };
