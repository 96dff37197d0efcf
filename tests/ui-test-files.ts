/**
 * The component and unit test files (the `ui` projects of vitest.config.ts), by name.
 *
 * They share their modules across the files of a worker (`isolate: false`): importing the mocked backend,
 * the catalogues and the DOM once per worker instead of once per file halves the projects' time. A file
 * that replaces modules, globals, the clock or the environment, or sets the transport's module state,
 * would leak into the files after it: it is named `*.isolated.test.ts(x)` and runs in `ui:isolated`, each
 * with fresh modules. tests/unit/ui-test-isolation.test.ts reads these globs and fails for a file that
 * does such a thing under another name.
 */
const UI_TEST_FOLDERS = ['src', 'mocks', 'adapters', 'checks', 'tests/unit']

export const UI_TEST_FILES = UI_TEST_FOLDERS.map((folder) => `${folder}/**/*.test.{ts,tsx}`)

/** The files of UI_TEST_FILES that run with fresh modules. */
export const ISOLATED_UI_TEST_FILES = UI_TEST_FOLDERS.map((folder) => `${folder}/**/*.isolated.test.{ts,tsx}`)
