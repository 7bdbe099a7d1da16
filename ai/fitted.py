"""The numbers of the computer player's evaluation (``ai/evaluate.py``): written by
``benchmarks/fit_evaluation.py --games 4000 --playouts 8 --seed 10000``, do not edit.

Fitted on 19449 round starts of 3200 games, each played out 8 times;
R^2 of the points each seat adds: 0.704 (on 4836 held-out positions: 0.700).
"""

#: each measurement's weight in the points a seat adds by the end
WEIGHTS: dict[str, float] = {
    "one": -0.5506417226860706,
    "markers": 0.14285287560622778,
    "markers_second": -0.015279343502358392,
    "rounds": -0.008077315873489588,
    "rounds_squared": 0.013853921961628322,
    "free_lots": -0.023302540443502093,
    "clock_stones": 0.0315270459092876,
    "supply": -0.19303328321485494,
    "buses": -0.046723013279358364,
    "buses_rounds": 0.06400875233855727,
    "most_buses": 0.26877692712704204,
    "line": -0.09128335828582786,
    "line_rounds": 0.03563428769134157,
    "carry_next": 0.5750625743296766,
    "carry_next_rounds": -0.13171851746402854,
    "carry_after": -0.06788062620482908,
    "carry_after_rounds": 0.10799320525347296,
    "carry_now": -0.013469551359832915,
    "carry_now_rounds": 0.032896858512255246,
    "carry_all_rounds": 0.009171545950601871,
    "could_next": 0.013917773271988077,
    "could_after": 0.04264194022051083,
    "could_next_rounds": 0.0508920883725072,
    "station_passengers": 0.024789705105819015,
    "station_passengers_rounds": -0.0066428936956814365,
    "stations": 0.09899228341566368,
    "stations_rounds": -0.19948756291249936,
    "line_passengers": -0.025180396267697386,
    "line_passengers_rounds": 0.00911612593536515,
    "line_buildings": 0.02091985053471899,
    "line_buildings_rounds": 0.010562533442678823,
    "line_free_lots": 0.04996240377206028,
    "line_free_lots_rounds": 0.0069583354550694825,
    "room": 0.014472094244694518,
    "room_rounds": -0.004143953514418735,
    "stones": -0.025441238553409122,
    "players": -0.07298386372409062,
    "starts": 0.17611325048733595,
    "buses_line_rounds": 0.21634498699154792,
    "carriable_rounds": 0.012639950541424255,
    "shared": 0.009315409746764385,
    "shared_rounds": -0.013504064382285168,
    "station_carriable_rounds": -0.012571553249942382,
    "station_supply_rounds": 0.08346794036476926,
}
#: the softmax temperature, in points, of the chances of winning
TEMPERATURE = 1.1196432515333565
