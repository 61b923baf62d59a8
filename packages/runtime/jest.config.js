import { preset } from '../../jest.preset.js';

export default { ...preset, displayName: '@podcast/runtime', rootDir: import.meta.dirname };
