import { preset } from '../../jest.preset.js';

export default { ...preset, displayName: '@podcast/http-kit', rootDir: import.meta.dirname };
