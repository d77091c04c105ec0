// Builds the app for the API tests when build/ is missing or older than the sources, so the tests
// always run against the server the sources describe. Runs only when API tests are selected.
import { buildIfStale } from '../../scripts/build-if-stale.js';

export default function setup(): void {
	buildIfStale();
}
