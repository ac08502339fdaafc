/// <reference types="vite/client" />
import { bookableSuite, type BookableCase } from './helpers/bookable-suite.js'

/**
 * Every bookable kind through the one bookable suite (test/helpers/bookable-suite.ts): a kind is one
 * declaration in test/bookable-kinds/, found here, and gets its CRUD and list contract, its calendar and,
 * once orders book it (`ORDER_ITEM_KINDS`), prices, stock, races, cancellations and delete guards.
 */
const declared = import.meta.glob<BookableCase>('./bookable-kinds/*.ts', { eager: true, import: 'default' })

bookableSuite(Object.values(declared))
