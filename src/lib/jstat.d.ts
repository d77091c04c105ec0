// jstat ships no type declarations: the one function we call.
declare module 'jstat' {
	const jstat: { jStat: { studentt: { inv(p: number, dof: number): number } } };
	export default jstat;
}
