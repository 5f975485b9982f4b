// Imported assets resolve to their would-be URL.
export default 'test-file-stub';
