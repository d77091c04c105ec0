// The module id of Messengers & Mayors (its figures, their actions, the town hall, the setup check,
// texts and most rulings are its document's: expansions/messengers-and-mayors.json).
export const MM = 'messengers-and-mayors';
