import { preset } from '../../jest.preset.js';

export default { ...preset, displayName: '@podcast/contracts', rootDir: import.meta.dirname };
