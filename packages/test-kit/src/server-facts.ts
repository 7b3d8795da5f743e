// What a test reads of the server itself, loaded with it: the dev project every fresh database
// holds, and the server's own reading of a sign-in message (what a client's message must parse
// as). An entry of its own (@portico/test-kit/server) so the kit's main entry stays light.
export { DEV_PROJECT_ID, parseSiwxMessage } from '@portico/server/testing'
