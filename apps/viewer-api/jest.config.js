import { preset } from '../../jest.preset.js';

export default { ...preset, displayName: '@podcast/viewer-api', rootDir: import.meta.dirname };
