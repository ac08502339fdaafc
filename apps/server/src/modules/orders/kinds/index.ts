/**
 * The bookable kinds, one adapter each (modules/orders/kinds.ts): importing
 * this file registers every kind whose catalogue is part of the product.
 */
import './room.js'
import './train.js'
import './transportation.js'
