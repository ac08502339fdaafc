import { screensWalk } from './screens-walk.js'

// Every screen in Indonesian: layout, axe-core, landmarks and no English words (see screens-walk.ts).
screensWalk('id')
