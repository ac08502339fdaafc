import { screensWalk } from './screens-walk.js'

// Every screen in English: layout, axe-core, landmarks (see screens-walk.ts).
screensWalk('en')
