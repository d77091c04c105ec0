// Monaco ships no type declarations for its individual contributions (side-effect modules).
declare module 'monaco-editor/editor/contrib/suggest/browser/suggestController';
declare module 'monaco-editor/languages/features/json/jsonMode';
