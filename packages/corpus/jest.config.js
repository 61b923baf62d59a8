import { preset } from '../../jest.preset.js';

export default { ...preset, displayName: '@podcast/corpus', rootDir: import.meta.dirname };
