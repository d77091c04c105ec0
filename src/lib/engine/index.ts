// The engine's public surface.
export * from './types.ts';
export { createGame, startGame } from './setup.ts';
export {
	legalMoves,
	legalMoveCount,
	legalMoveAt,
	legalMovesInto,
	apply,
	IN_PLACE,
	IN_PLACE_SILENT,
	TRIAL
} from './game.ts';
export { undo, redo, replay, setupOf } from './replay.ts';
export {
	restoreGame,
	contextOf,
	contextFor,
	expansionHash,
	modulesFor,
	rulingsInPlay
} from './context.ts';
export { cloneState, copyState, copyStateButBoard, takeBack } from './state-copy.ts';
export { PHASES } from './phases.ts';
// a bot's trials: moves applied in place and taken back, the final scoring of what they touched
export { finalBase, finishTrial, type FinalBase } from './trial.ts';
export { glances } from './glance.ts';
export { placementRefusal } from './board.ts';
export { pack } from './cells.ts';
export { playRandomGame, randomMove, randomLegalMove, randomPlacement } from './random.ts';
export { tilesLeft } from './bag.ts';
export { nextRandom, seedState } from './rng.ts';
export { MODULES } from './modules/index.ts';
export { rulingList, collectRulings } from './rulings.ts';
// whose rule gave each point: terms of awards, and the expansion that declares each rule
export { eventCredit, creditSum } from './credit.ts';
export { ruleSources, sourceOf, creditByExpansion, type RuleSource } from './rule-sources.ts';
export { recordOf, setupFromRecord, type GameRecord } from './record.ts';
export { runScenario, type Scenario, type ScenarioResult } from './scenario.ts';
// the interaction checker's invariants
export {
	checkState,
	sameState,
	sameMoves,
	snapshot,
	type Violation,
	type Snapshot
} from './invariants.ts';

export {
	boardTiles,
	boardTileAt,
	placedTile,
	boardPieces,
	boardMarkers,
	supplies,
	tilesToDraw,
	featureParts,
	ruleBook,
	stepLine,
	figureTypeName,
	figureTypeDescription,
	stepRules,
	moveWords,
	figureTypeRules,
	type BoardTile,
	type BoardPiece,
	type BoardMarker,
	type RuleInfo
} from './view.ts';
export {
	resolveGame,
	modulesEnabledBy,
	modulesWithoutDocument,
	meaningOf,
	ruleRegistry,
	rulingsFor,
	rulingsOfDocument,
	parametersFor,
	parametersOfDocument,
	type RegisteredRuling,
	type RegisteredParameter
} from './registry.ts';
export { resolveExpansions, type Resolution, type ResolveError } from '../formats/resolve.ts';
export {
	scenarioFromGame,
	type MetRefusal,
	type ScenarioFromGameOptions
} from './scenario-from-game.ts';
export {
	runJczTest,
	readAssertion,
	jczPhase,
	type AssertionResult,
	type AssertionStatus,
	type JczTestResult
} from './jcz-test.ts';
export { jczFromRecord, type JczExport } from './jcz-record.ts';
