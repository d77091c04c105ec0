// The project's own ESLint rule (eslint-rules/): a repeated group around an open-ended part is
// refused, a repetition split by a delimiter is allowed.
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import starHeight from '../eslint-rules/regexp-star-height.js';

RuleTester.describe = describe;
RuleTester.it = it;

new RuleTester().run('regexp-star-height', starHeight, {
	valid: [
		'/^[a-z0-9]+(-[a-z0-9]+)*$/',
		'/^(\\d+,)*\\d+$/',
		'/^data:([^;,]+)((?:;[^;,]*)*),(.*)$/s',
		'/<a((?:\\s+[a-z]+="[^"]*")*)\\s*>/',
		'/(ab)*c/',
		'/x{1,3}(y+)?/'
	],
	invalid: [
		// the validator's check of a look once: exponential on "<!---->" × 33 + "x"
		'/^\\s*(<\\?xml[^>]*>\\s*)?(<!--[^]*?-->\\s*)*<svg[\\s>]/',
		'/(x+x+)+y/',
		'/(a-[^]*)*$/',
		'/(a|b+)*c/'
	].map((code) => ({ code, errors: [{ messageId: 'nested' }] }))
});
