// The version each stored format is written in today: the one number per format that the protocol schemas, the
// writers and the modernizer (modernize.ts, formats.ts) share. A leaf module, so the protocol can import it.

/**
 * Current version of every file or row Toolscope stores. Raising one means adding an upgrade step from the previous
 * version in formats.ts (and committed fixtures of the old version under test/fixtures/formats/).
 */
export const FORMAT_VERSIONS = {
  /** `toolscope/scenarios/<tool>/<name>.json`; files without `version` are version 1. */
  scenario: 1,
  /** `toolscope/cassettes/<tool>/<name>.json`, recordings kept with the history, cassettes inside scenarios and run files. */
  cassette: 1,
  /** Mock rules: a `--mocks` file, or inside a scenario; rules without `version` are version 1. */
  mocks: 1,
  /** Run export files (`*.toolscope-run.json`). */
  runExport: 1,
  /** `demo/manifest.json` of a static demo site (and the run files it lists). */
  demoManifest: 1,
  /** `toolscope/evals/*.json`, each case of the file; cases without `version` are version 1. */
  evalCase: 1,
  /** The JSON of one event row of the history database (its version is the row's `format` column). */
  storedEvent: 1,
} as const

/** The name of a stored format. */
export type FormatName = keyof typeof FORMAT_VERSIONS
