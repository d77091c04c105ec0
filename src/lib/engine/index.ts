// The engine's public surface.
export * from './types.ts';
export { createGame, startGame, legalMoves, legalMoveCount, legalMoveAt, apply, undo, redo, replay, restoreGame, setupOf, contextOf, contextFor, expansionHash, modulesFor, PHASES } from './game.ts';
export { placementRefusal } from './board.ts';
export { playRandomGame } from './random.ts';
export { MODULES } from './modules/index.ts';
export { rulingList } from './rulings.ts';
export { recordOf, setupFromRecord, type GameRecord } from './record.ts';
export { runScenario } from './scenario.ts';

export { boardTiles, boardTileAt, placedTile, boardPieces, boardMarkers, supplies, tilesToDraw, featureParts, ruleBook, type BoardTile, type BoardPiece, type BoardMarker, type RuleInfo } from './view.ts';
export { resolveGame, modulesEnabledBy, meaningOf, ruleRegistry } from './registry.ts';
export { resolveExpansions, type Resolution, type ResolveError } from '../formats/resolve.ts';
export { scenarioFromGame, type MetRefusal, type ScenarioFromGameOptions } from './scenario-from-game.ts';
