import { preset } from '../../jest.preset.js';

export default { ...preset, displayName: '@podcast/testing', rootDir: import.meta.dirname };
