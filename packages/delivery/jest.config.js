import { preset } from '../../jest.preset.js';

export default { ...preset, displayName: '@podcast/delivery', rootDir: import.meta.dirname };
