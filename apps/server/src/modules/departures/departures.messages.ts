import { registerFieldLabels, registerMessages } from '../../lib/i18n.js'

/** Server texts of departures (issue 29), in both languages. */
registerMessages({
  en: {
    'departures.code_invalid': '{field} may hold letters, digits, -, _ and /',
    'departures.return_before_departure': 'The return is before the departure',
    'departures.outside_dates': 'Outside the departure’s dates',
    'departures.check_out_after_check_in': 'Check-out must be after check-in',
    'departures.end_before_start': 'The end is before the start',
    'departures.price_twice': 'This room type already has a price',
    'departures.seats_over_beds': 'More seats than the beds the stays hold',
    'departures.seats_below_sold': 'Fewer seats than the {sold} already sold',
    'departures.status_move': 'A departure cannot move from {from} to {to}',
    'departures.room_of_hotel': 'This room is not one of the hotel’s rooms',
    'departures.has_bookings': '{count} seat(s) are sold: cancel the departure instead',
    'table.departures': 'Departures',
    'table.departure_stays': 'Departure stays',
    'table.departure_trains': 'Departure trains',
    'table.departure_transfers': 'Departure transfers',
    'table.departure_ziyarah': 'Departure tours',
  },
  id: {
    'departures.code_invalid': '{field} hanya boleh berisi huruf, angka, -, _ dan /',
    'departures.return_before_departure': 'Tanggal pulang sebelum tanggal berangkat',
    'departures.outside_dates': 'Di luar tanggal keberangkatan',
    'departures.check_out_after_check_in': 'Check-out harus setelah check-in',
    'departures.end_before_start': 'Tanggal selesai sebelum tanggal mulai',
    'departures.price_twice': 'Tipe kamar ini sudah punya harga',
    'departures.seats_over_beds': 'Kursi melebihi tempat tidur yang disediakan hotel',
    'departures.seats_below_sold': 'Kursi kurang dari {sold} yang sudah terjual',
    'departures.status_move': 'Keberangkatan tidak bisa berpindah dari {from} ke {to}',
    'departures.room_of_hotel': 'Kamar ini bukan kamar hotel tersebut',
    'departures.has_bookings': '{count} kursi sudah terjual: batalkan keberangkatan saja',
    'table.departures': 'Keberangkatan',
    'table.departure_stays': 'Hotel keberangkatan',
    'table.departure_trains': 'Kereta keberangkatan',
    'table.departure_transfers': 'Transportasi keberangkatan',
    'table.departure_ziyarah': 'Tur keberangkatan',
  },
})

registerFieldLabels({
  en: {
    departure_date: 'Departure Date',
    return_date: 'Return Date',
    seats: 'Seats',
    room_type: 'Room Type',
    rooms: 'Rooms',
    currency: 'Currency',
    route_id: 'Train Route',
  },
  id: {
    departure_date: 'Tanggal Berangkat',
    return_date: 'Tanggal Pulang',
    seats: 'Kursi',
    room_type: 'Tipe Kamar',
    rooms: 'Kamar',
    currency: 'Mata Uang',
    route_id: 'Rute Kereta',
  },
})
