// The checker → sandbox hand-over: the checker stores the record of the game to open under this
// localStorage key and opens /sandbox?record=checker (&step=N); the sandbox reads it from there.
export const CHECKER_RECORD_KEY = 'lab:checker-record';
