/** A train's classes (issue 10), without zod: the calendars' declarations read them (issue 33, "Phone"). */
export const TRAIN_TYPES = ['economy', 'business'] as const
export type TrainType = (typeof TRAIN_TYPES)[number]
