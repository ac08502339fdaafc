import { registerMessages } from '../../lib/i18n.js'

/** Server texts of the rooming list (issue 29), in both languages: each names the room and the rule. */
registerMessages({
  en: {
    'rooming.over_capacity': 'Room {room}: a {type} room holds at most {beds} pilgrims',
    'rooming.mixed_gender': 'Room {room}: men and women share a room only when all of them are one family (mahram)',
    'rooming.not_booked': 'Room {room}: {name} is not booked on this departure',
    'rooming.wrong_room_type': 'Room {room}: {name} booked a {booked} room, this is a {type} room',
    'rooming.twice': 'Room {room}: {name} is already in room {other}',
    'rooming.other_stay': 'Room {room}: {name} already sleeps in {hotel}, room {other}, on these nights',
    'rooming.label_twice': 'Room {room} is in the list twice',
    'rooming.too_many_rooms': 'The stay holds {rooms} rooms; the list has {count}',
    'table.rooming_rooms': 'Rooming list rooms',
    'table.rooming_assignments': 'Rooming list',
  },
  id: {
    'rooming.over_capacity': 'Kamar {room}: kamar {type} berisi paling banyak {beds} jamaah',
    'rooming.mixed_gender': 'Kamar {room}: laki-laki dan perempuan sekamar hanya bila semuanya satu keluarga (mahram)',
    'rooming.not_booked': 'Kamar {room}: {name} tidak terdaftar di keberangkatan ini',
    'rooming.wrong_room_type': 'Kamar {room}: {name} memesan kamar {booked}, ini kamar {type}',
    'rooming.twice': 'Kamar {room}: {name} sudah ada di kamar {other}',
    'rooming.other_stay': 'Kamar {room}: {name} sudah menginap di {hotel}, kamar {other}, pada malam yang sama',
    'rooming.label_twice': 'Kamar {room} ada dua kali dalam daftar',
    'rooming.too_many_rooms': 'Hotel ini menyediakan {rooms} kamar; daftar berisi {count}',
    'table.rooming_rooms': 'Kamar rooming list',
    'table.rooming_assignments': 'Rooming list',
  },
})
