export async function main(a: string[]): Promise<number> { console.log("tsx ok", a); return 0 }
